import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

export interface SignedInUser {
  name: string;
  role: "shopper" | "admin";
  /** Points to spend, for the header; null when the balance couldn't be read. */
  points: number | null;
}

/**
 * Who is signed in, for the header. Usually the root loader says; a page from the shared render
 * cache was made without a session (`userUnknown`), so then the browser asks /api/me once the
 * page has loaded, and the answer is kept until the root loader knows again.
 */
let lastAnswer: SignedInUser | null | undefined;
/** The one request in flight: the account menu and the "following" link ask at the same time. */
let asking: Promise<SignedInUser | null> | undefined;
/** Moves on whenever the root loader knows again: an answer asked before then is not kept. */
let generation = 0;

function askWhoIsSignedIn(): Promise<SignedInUser | null> {
  const askedIn = generation;
  asking ??= import("#app/http/http-client.ts")
    .then(({ http }) => http.request<{ user: SignedInUser | null }>("/api/me"))
    .then(({ user }) => {
      if (askedIn === generation) lastAnswer = user;
      return user;
    })
    .finally(() => {
      asking = undefined;
    });
  return asking;
}

export function useSignedInUser(): SignedInUser | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const unknown = root?.userUnknown === true;
  const [asked, setAsked] = useState<SignedInUser | null | undefined>(lastAnswer);
  useEffect(() => {
    if (!unknown) {
      lastAnswer = undefined;
      generation += 1;
      return;
    }
    if (lastAnswer !== undefined) return;
    let current = true;
    // The HTTP client loads here, on cached pages only: elsewhere the root loader knows.
    askWhoIsSignedIn()
      .then((user) => {
        if (current) setAsked(user);
      })
      .catch(() => {
        // Signed-out looks are the safe fallback; the next navigation asks the server again.
      });
    return () => {
      current = false;
    };
  }, [unknown]);
  if (!unknown) return root?.user ?? null;
  return asked ?? null;
}
