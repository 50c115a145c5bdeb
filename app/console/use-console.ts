import { useRouteLoaderData } from "react-router";
import type { ConsoleData, loader } from "#app/routes/vendor-business.tsx";

/**
 * The console frame's data (/vendor/{business}), for the sections inside it. Apart from the
 * frame's route module so that a section importing it doesn't pull that module out of its own
 * route file into a chunk of its own: one script file more on every console page (decision 015).
 */
export function useConsole(): ConsoleData {
  const data = useRouteLoaderData<typeof loader>("routes/vendor-business");
  if (!data) throw new Error("useConsole() outside /vendor/{business}");
  return data;
}
