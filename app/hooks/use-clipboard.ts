import { useCallback, useEffect, useRef, useState } from "react";

/** The spec's "copied" indicator lasts 1500 ms by default (section 9). */
export const copiedIndicatorMs = 1500;

/**
 * Copies text with the Clipboard API, or, where it is missing or refused (older browsers, pages
 * not in a secure context), with a hidden textarea and execCommand. Throws when both fail.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (permissions, no focus): try the older way below.
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand("copy")) throw new Error("The browser refused to copy");
  } finally {
    area.remove();
  }
}

export function useClipboard({ timeout = copiedIndicatorMs } = {}) {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      clearTimeout(timer.current);
      try {
        await copyText(text);
        setError(null);
        setCopied(true);
        timer.current = setTimeout(() => setCopied(false), timeout);
      } catch {
        setCopied(false);
        setError("Couldn't copy. Select the text and copy it yourself.");
      }
    },
    [timeout],
  );
  return { copy, copied, error };
}
