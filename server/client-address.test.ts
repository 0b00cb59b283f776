import { describe, expect, it } from "vitest";
import { clientAddressOf, lastProxyValue, type ProxyTrust } from "./client-address.ts";

const xff: ProxyTrust = { hops: 1, header: "x-forwarded-for" };
const headers = (init: Record<string, string>) => new Headers(init);

describe("client address behind proxies", () => {
  it("uses the socket when no proxy is trusted, whatever the headers say", () => {
    expect(
      clientAddressOf(headers({ "x-forwarded-for": "1.2.3.4" }), "203.0.113.9", { ...xff, hops: 0 }),
    ).toBe("203.0.113.9");
  });

  it("takes the address the trusted proxy saw, not the leftmost entry a client can write", () => {
    // nginx with $proxy_add_x_forwarded_for appends the real client to whatever the client sent.
    const forged = headers({ "x-forwarded-for": "10.0.0.1, 198.51.100.23" });
    expect(clientAddressOf(forged, "127.0.0.1", xff)).toBe("198.51.100.23");
    // nginx with $remote_addr overwrites: one entry.
    expect(clientAddressOf(headers({ "x-forwarded-for": "198.51.100.23" }), "127.0.0.1", xff)).toBe(
      "198.51.100.23",
    );
  });

  it("counts several trusted proxies from the right", () => {
    const chain = headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.23, 10.0.0.5" });
    expect(clientAddressOf(chain, "10.0.0.6", { ...xff, hops: 2 })).toBe("198.51.100.23");
    expect(clientAddressOf(chain, "10.0.0.6", { ...xff, hops: 1 })).toBe("10.0.0.5");
  });

  it("falls back to the socket when the header is missing or not an address", () => {
    expect(clientAddressOf(headers({}), "127.0.0.1", xff)).toBe("127.0.0.1");
    expect(clientAddressOf(headers({ "x-forwarded-for": "<script>" }), "127.0.0.1", xff)).toBe("127.0.0.1");
  });

  it("reads Forwarded only when configured", () => {
    const both = headers({
      forwarded: 'for=6.6.6.6, for="[2001:db8::7]:4711"',
      "x-forwarded-for": "198.51.100.23",
    });
    expect(clientAddressOf(both, "127.0.0.1", xff)).toBe("198.51.100.23");
    expect(clientAddressOf(both, "127.0.0.1", { hops: 1, header: "forwarded" })).toBe("2001:db8::7");
  });

  it("strips ports and IPv4-mapped prefixes", () => {
    expect(clientAddressOf(headers({ "x-forwarded-for": "198.51.100.23:5555" }), "::1", xff)).toBe(
      "198.51.100.23",
    );
    expect(clientAddressOf(headers({}), "::ffff:127.0.0.1", xff)).toBe("127.0.0.1");
  });

  it("reads a single-valued proxy header from its last value", () => {
    expect(lastProxyValue(headers({ "x-forwarded-proto": "http, https" }), "x-forwarded-proto")).toBe(
      "https",
    );
    expect(lastProxyValue(headers({}), "x-forwarded-proto")).toBeUndefined();
  });
});
