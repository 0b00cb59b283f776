import { z } from "zod";

// Zod probes `new Function()` to speed up parsing; our Content-Security-Policy forbids eval, so the
// probe would only cause a CSP violation report. Every schema imports `z` from here.
z.config({ jitless: true });

export { z };
