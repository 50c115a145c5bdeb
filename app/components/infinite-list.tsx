import { ArrowRight } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { buttonClass } from "./ui/button.tsx";

/**
 * A keyset-paged list that grows as the shopper scrolls. Without JavaScript it is a list and a
 * real "Show more" link to `?after=cursor` (every other query parameter kept), like
 * `NextPageLink`. With JavaScript, an IntersectionObserver near the end loads the next page of
 * the same route through a fetcher and appends it; clicking the link does the same and moves
 * focus to the first new item. Scrolling loads at most `autoPages` pages by itself, so the
 * footer stays reachable: after that, only the link loads more. Each load is announced politely
 * ("20 more listings loaded").
 *
 * Give it a `key` that changes with the page's own query (`location.search`) so a real
 * navigation starts a fresh list.
 */
export function InfiniteList<Item, Data>({
  items: firstItems,
  nextCursor: firstCursor,
  pageOf,
  getKey,
  renderItem,
  noun,
  label = "Show more",
  param = "after",
  autoPages = 4,
  className,
}: {
  items: Item[];
  nextCursor: string | null;
  /** The items and next cursor in the route loader's data, as the fetcher receives it. */
  pageOf: (data: Data) => { items: Item[]; nextCursor: string | null };
  getKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  /** What the items are, plural, for the announcement: "listings". */
  noun: string;
  label?: string;
  param?: string;
  autoPages?: number;
  /** Classes of the `<ul>`. */
  className?: string;
}) {
  const location = useLocation();
  // Data is already the serialized loader data of the route (Route.ComponentProps["loaderData"]).
  const fetcher = useFetcher();
  const [items, setItems] = useState(firstItems);
  const [cursor, setCursor] = useState(firstCursor);
  const [announcement, setAnnouncement] = useState("");
  const [loadsByScroll, setLoadsByScroll] = useState(0);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Which load the fetcher's answer belongs to, so an answer is appended once.
  // `previous` is the fetcher's data when the load began: until the answer replaces it, an idle
  // fetcher still holds the last page, which must not be appended again.
  const pending = useRef<{ cursor: string; byLink: boolean; previous: unknown } | null>(null);
  // The page the next load asks for, moved on as soon as an answer is taken in. The state
  // `cursor` lags it by a render: an observer made in the render before that one may still fire
  // (its first callback comes after the answer was taken in but before React re-rendered), and
  // reading the state there fetched the page just appended again, announcing "No more listings."
  // while a next page existed.
  const nextCursor = useRef(firstCursor);

  const hrefAfter = (after: string | null) => {
    const search = new URLSearchParams(location.search);
    if (after) search.set(param, after);
    return `${location.pathname}?${search}`;
  };
  const nextHref = hrefAfter(cursor);

  const load = (byLink: boolean) => {
    const after = nextCursor.current;
    if (!after || pending.current || fetcher.state !== "idle") return;
    pending.current = { cursor: after, byLink, previous: fetcher.data };
    if (!byLink) setLoadsByScroll((n) => n + 1);
    fetcher.load(hrefAfter(after));
  };

  useEffect(() => {
    const requested = pending.current;
    if (!requested || fetcher.state !== "idle" || fetcher.data === undefined) return;
    if (fetcher.data === requested.previous) return;
    pending.current = null;
    const page = pageOf(fetcher.data as Data);
    const known = new Set(items.map(getKey));
    const fresh = page.items.filter((item) => !known.has(getKey(item)));
    setItems([...items, ...fresh]);
    nextCursor.current = page.nextCursor;
    setCursor(page.nextCursor);
    setAnnouncement(
      fresh.length === 0
        ? `No more ${noun}.`
        : `${fresh.length} more ${noun} loaded${page.nextCursor ? "" : ", that is all"}.`,
    );
    const first = fresh[0];
    if (requested.byLink && first) setFocusKey(getKey(first));
  }, [fetcher.state, fetcher.data, items, getKey, pageOf, noun]);

  useEffect(() => {
    if (!focusKey) return;
    const item = listRef.current?.querySelector<HTMLElement>(
      `[data-key="${CSS.escape(focusKey)}"]`,
    );
    item?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const autoLoad = cursor !== null && loadsByScroll < autoPages;
  // The observer is made again after each load (the cursor changed), so the latest `load` runs.
  useEffect(() => {
    const target = sentinel.current;
    if (!autoLoad || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load(false);
      },
      { rootMargin: "0px 0px 600px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  });

  return (
    <>
      <ul ref={listRef} className={className}>
        {items.map((item) => {
          const key = getKey(item);
          return (
            <li key={key} data-key={key} tabIndex={-1} className="outline-offset-4">
              {renderItem(item)}
            </li>
          );
        })}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {cursor ? (
        <div className="mt-6 flex justify-center">
          <Link
            to={nextHref}
            rel="next"
            className={buttonClass("secondary", "md")}
            aria-busy={fetcher.state !== "idle"}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              load(true);
            }}
          >
            {fetcher.state !== "idle" ? "Loading…" : label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      ) : null}
    </>
  );
}
