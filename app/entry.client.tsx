import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { NonceContext } from "./security/nonce.ts";
import {
  installChunkReloadGuard,
  isChunkLoadError,
  navigationTargets,
  reloadAfterChunkError,
} from "./updates/chunk-reload.ts";

installChunkReloadGuard();

// The server's script nonce, which browsers keep as a property (not an attribute): rendering with
// it keeps hydration in step with the server's HTML.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

// This module's chunk also holds what the root imports (vite.config.ts, chunkAreas), so it runs
// as the root module's dependency, before React Router's inline script has set
// window.__reactRouterRouteModules. That is fine: a concurrent root renders in a later task, and
// HydratedRouter reads them then.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext value={nonce}>
        {/* Tells the reload guard where each navigation goes, so a route chunk that fails to
            load lands the shopper on the page they asked for (updates/chunk-reload.ts). */}
        <HydratedRouter instrumentations={[navigationTargets]} />
      </NonceContext>
    </StrictMode>,
    {
      // A chunk that failed while hydrating reaches React as a recoverable error: hand it to the
      // reload guard instead of reporting it; report everything else as React would.
      onRecoverableError(error) {
        const cause = error instanceof Error ? error.cause : undefined;
        if (isChunkLoadError(error) || isChunkLoadError(cause)) reloadAfterChunkError();
        else reportError(error);
      },
    },
  );
});
