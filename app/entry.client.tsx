import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import {
  installChunkReloadGuard,
  isChunkLoadError,
  reloadAfterChunkError,
} from "./updates/chunk-reload.ts";

installChunkReloadGuard();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
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
