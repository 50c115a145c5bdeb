import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/**
 * The loading state of every page change: a thin bar at the top of the window while the next
 * page's data loads. It waits 150 ms before showing, so fast navigations (cached pages) never
 * flash it, and tells screen readers the page is loading.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state === "loading";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      aria-hidden={!visible}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden transition-opacity duration-200 ${visible ? "opacity-100" : "opacity-0"}`}
    >
      <div className="h-full w-1/3 animate-[oja-progress_1.1s_ease-in-out_infinite] bg-brand" />
    </div>
  );
}
