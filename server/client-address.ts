import net from "node:net";

/**
 * Who is asking, behind a reverse proxy (docs/decisions/0009). Each proxy appends the address it
 * received the request from to `X-Forwarded-For`, so only the entries that trusted proxies added —
 * counted from the right — are facts; everything to their left is whatever the client wrote.
 * With `hops` trusted proxies, the client is the entry `hops` places from the right of the chain
 * (header entries followed by the socket's own address). `Forwarded` (RFC 7239) is read only when
 * configured, since a proxy that sets `X-Forwarded-For` usually passes a client's `Forwarded` on.
 */
export interface ProxyTrust {
  /** How many reverse proxies in front of the server are trusted; 0 = none, use the socket. */
  hops: number;
  header: "x-forwarded-for" | "forwarded";
}

export function clientAddressOf(headers: Headers, socketAddress: string, trust: ProxyTrust): string {
  const socket = normalizeAddress(socketAddress) ?? socketAddress;
  if (trust.hops <= 0) return socket;
  const raw = headers.get(trust.header);
  if (!raw) return socket;
  const entries =
    trust.header === "forwarded" ? forwardedFor(raw) : raw.split(",").map((entry) => entry.trim());
  const chain = [...entries, socket];
  const chosen = chain[Math.max(0, chain.length - 1 - trust.hops)];
  // A trusted proxy always writes an address; anything else means the chain is not what we were told.
  return (chosen !== undefined && normalizeAddress(chosen)) || socket;
}

/** The last value a trusted proxy set for a single-valued header such as X-Forwarded-Proto. */
export function lastProxyValue(headers: Headers, name: string): string | undefined {
  const values = headers.get(name)?.split(",");
  return values?.[values.length - 1]?.trim().toLowerCase() || undefined;
}

/** `for=` parameters of a Forwarded header, in order: `for=192.0.2.1`, `for="[2001:db8::1]:80"`. */
function forwardedFor(value: string): string[] {
  return value.split(",").map((element) => {
    const pair = element
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.toLowerCase().startsWith("for="));
    return pair ? pair.slice(4).replace(/^"|"$/g, "") : "";
  });
}

/** An IP address without brackets, port or IPv4-mapped prefix; undefined when it is none. */
function normalizeAddress(entry: string): string | undefined {
  let address = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  if (address.toLowerCase().startsWith("::ffff:") && net.isIPv4(address.slice(7))) address = address.slice(7);
  return net.isIP(address) ? address : undefined;
}
