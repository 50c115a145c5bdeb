import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "./toast.ts";

/**
 * After a redirect that has something to say ("You're signed out"), the server adds `?notice=key`;
 * this shows the matching toast once and tidies the address bar. Only known keys are shown, so a
 * crafted link can't put words on the page.
 */
const notices: Record<string, string> = {
  "signed-out": "You're signed out.",
  "account-deleted": "Your account was deleted. Thank you for having been with Oja.",
};

export function NoticeToast() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const message = notices[params.get("notice") ?? ""];
    if (!message) return;
    toast.success(message);
    params.delete("notice");
    const search = params.toString();
    navigate(
      { search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location.search, location.hash, navigate]);
  return null;
}
