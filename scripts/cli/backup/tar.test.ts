import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTar, tarStream, type TarEntry } from "./tar.ts";

const entry = (name: string, data: Buffer): TarEntry => ({
  name,
  size: data.length,
  body: async function* () {
    yield data;
  },
});

async function bytesOf(entries: TarEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of tarStream(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Feeds the archive in small, odd-sized pieces, as a gunzip stream would. */
async function* inPieces(data: Buffer, size = 97) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function entriesOf(data: Buffer): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  await readTar(inPieces(data), async (header) => {
    const chunks: Buffer[] = [];
    return {
      write: (chunk) => void chunks.push(Buffer.from(chunk)),
      end: () => void found.set(header.name, Buffer.concat(chunks).toString("utf8")),
    };
  });
  return found;
}

const longName = `files/pictures/gallery/${"a".repeat(90)}/${"b".repeat(95)}.webp`;

describe("the backup's tar", () => {
  it("reads back what it wrote: empty entries, entries of exactly a block, names longer than 100 bytes", async () => {
    const archive = await bytesOf([
      entry("manifest.json", Buffer.from("{}")),
      entry("data/empty.jsonl", Buffer.alloc(0)),
      entry("data/block.jsonl", Buffer.alloc(512, "x")),
      entry(longName, Buffer.from("Bild")),
    ]);
    expect([...(await entriesOf(archive)).entries()]).toEqual([
      ["manifest.json", "{}"],
      ["data/empty.jsonl", ""],
      ["data/block.jsonl", "x".repeat(512)],
      [longName, "Bild"],
    ]);
  });

  it("writes archives the system's tar reads", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-tar-"));
    try {
      const file = path.join(dir, "a.tar");
      fs.writeFileSync(
        file,
        await bytesOf([entry("manifest.json", Buffer.from("{}")), entry(longName, Buffer.from("Bild"))]),
      );
      const listed = spawnSync("tar", ["-tf", file], { encoding: "utf8" });
      if (listed.error) return; // no tar on this machine
      expect(listed.stdout.trim().split("\n")).toEqual(["manifest.json", longName]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses an archive cut off, a damaged header, and anything but a file", async () => {
    const archive = await bytesOf([
      entry("manifest.json", Buffer.from("{}")),
      entry("data/a.jsonl", Buffer.alloc(2000, "y")),
    ]);
    await expect(entriesOf(archive.subarray(0, 1500))).rejects.toThrow(/unvollständig/);
    const damaged = Buffer.from(archive);
    damaged[10] = 0x41;
    await expect(entriesOf(damaged)).rejects.toThrow(/Prüfsumme/);
    const link = Buffer.from(archive);
    link[156] = "2".charCodeAt(0);
    // The checksum must still hold for the type to be what is refused.
    let sum = 0;
    for (let index = 0; index < 512; index += 1)
      sum += index >= 148 && index < 156 ? 0x20 : (link[index] ?? 0);
    link.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
    await expect(entriesOf(link)).rejects.toThrow(/anderes als Dateien/);
  });

  it("refuses to write an entry whose size changed between manifest and copy", async () => {
    const lying: TarEntry = { ...entry("files/pictures/a.webp", Buffer.from("abc")), size: 5 };
    await expect(bytesOf([lying])).rejects.toThrow(/geändert/);
  });
});
