/**
 * How per-address limits (sign-in throttling, reservation requests) count a client.
 * One host on IPv6 usually holds a whole /64, so an IPv6 address counts by its first four groups;
 * otherwise a single machine could try from endless "addresses".
 */
export function addressBucket(address: string): string {
  if (!address.includes(":")) return address.slice(0, 100);
  const [head = "", tail] = address.toLowerCase().split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
