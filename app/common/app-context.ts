import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "../lib/env.server.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import type { StaffRole } from "../../db/database.types.ts";
import type { Logger } from "../lib/logger.server.ts";
import type { ContactContent, OpeningHoursContent } from "./content/schemas.ts";
import type { LiveHub } from "./live/hub.server.ts";
import type { Mailer } from "./mail/mailer.server.ts";
import type { PictureStorage } from "./pictures/storage.server.ts";

/**
 * What the HTTP server hands every loader and action: the one database, the parsed configuration,
 * the logger and who is asking. Set once per request in server/request-pipeline.ts.
 */
export interface AppServices {
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  /** Sends the outbox's e-mails (decision 0017). */
  mailer: Mailer;
  /** Where uploaded pictures are kept (decision 0019). */
  pictures: PictureStorage;
  /** The client's address: the socket's peer, or what a trusted proxy saw (docs/decisions/0009). */
  clientAddress: string;
  /** Origin for absolute links: PUBLIC_URL, else the origin the server listens on — never the Host header. */
  siteOrigin: string;
  /** This request's Content-Security-Policy nonce for the inline scripts React Router writes. */
  cspNonce: string;
  requestId: string;
  /** This process's open staff event streams and what feeds them (decision 0035). */
  live: LiveHub;
  /**
   * What several parts of this request need, read by the server at most once (decision 0049). The
   * server always sets it; a test that builds a context by hand may leave it out, and then each
   * asker reads for itself (`optionalStaffSession`, `hoursAndContactOf`).
   */
  shared?: SharedReadings;
}

/**
 * Read for one request at most once, on first asking, and never for a request that does not ask
 * (decision 0049): a guest's page without a session cookie reads no session, a page that shows no
 * opening hours reads none.
 */
export interface SharedReadings {
  /**
   * The staff session the request came with (undefined without one: no cookie of ours costs no
   * query), as it stood before the request's action ran. The server asks before a change, the admin
   * guard before any loader or action; both get the one reading.
   */
  staffSession(): Promise<StaffSession | undefined>;
  /** After the request itself signed someone in or out: the next `staffSession()` reads again. */
  forgetStaffSession(): void;
  /** The opening hours and the contact, kept in memory until staff change something (decision 0032). */
  hoursAndContact(): Promise<HoursAndContact>;
}

export interface HoursAndContact {
  hours: OpeningHoursContent;
  contact: ContactContent;
}

/**
 * What an account must do on Mein Konto before any other admin screen opens to it (decision 0027):
 * replace a password someone else chose, or set up the second factor the owners require.
 */
export type PendingStep = "change-password" | "set-up-second-factor";

/** A signed-in staff member, as their session says (read by the auth feature). */
export interface StaffSession {
  userId: number;
  username: string;
  role: StaffRole;
  /** The stored id of this session (the token's hash): the Konto screen marks and keeps it. */
  sessionId: string;
  /**
   * What the account must do on Mein Konto first (decision 0027); while any is left, the guard
   * opens nothing else to it.
   */
  pending: PendingStep[];
}

export const appContext = createContext<AppServices>();

export const services = (context: Readonly<RouterContextProvider>): AppServices => context.get(appContext);
