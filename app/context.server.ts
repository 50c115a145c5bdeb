import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";
import type { Settings } from "./config.server.ts";
import type { Database } from "./db/database.server.ts";

/** What every loader and action can reach, put into the router context once per request. */
export interface AppServices {
  settings: Settings;
  db: Database;
  log: Logger;
}

export const servicesContext = createContext<AppServices>();

export function services(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}
