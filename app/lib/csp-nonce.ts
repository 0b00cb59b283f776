import { createContext } from "react";

/**
 * This answer's Content-Security-Policy nonce, for inline scripts the app renders itself (React
 * Router's own scripts get it from `ServerRouter`). Provided by `app/entry.server.tsx`; undefined in
 * the browser, which never needs it.
 */
export const CspNonce = createContext<string | undefined>(undefined);
