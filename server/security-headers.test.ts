import { describe, expect, it } from "vitest";
import { applySecurityHeaders, contentSecurityPolicy } from "./security-headers.ts";

describe("security headers", () => {
  it("allows scripts only from the site and with this request's nonce, and no framing", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123", development: false });
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("lets staff point pictures at an https address, but nothing else at another host", () => {
    const directives = contentSecurityPolicy({ nonce: "n", development: false }).split("; ");
    expect(directives).toContain("img-src 'self' data: blob: https:");
    for (const name of ["default-src", "style-src", "font-src", "connect-src"])
      expect(directives.find((directive) => directive.startsWith(name))).not.toMatch(/https:|\*/);
  });

  it("sets nosniff, a strict referrer policy, and HSTS only when asked", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { nonce: "n", hsts: false, development: false });
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.has("strict-transport-security")).toBe(false);
    applySecurityHeaders(headers, { nonce: "n", hsts: true, development: false });
    expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });
});
