/**
 * The smallest tar (POSIX ustar) a backup needs: regular files only, written as a stream and read
 * as a stream, so neither side holds the pictures in memory. Anything else a tar may hold — links,
 * devices, directories, extended headers — is refused when read: a restore only ever takes
 * archives this module wrote. The archives open with any `tar` (`tar -tzf`), for a look inside.
 */
const BLOCK = 512;
/** ustar writes sizes as 11 octal digits. */
const MAX_SIZE = 0o77777777777;
/**
 * What may follow the end marker: a tar program's padding to its record size (10 KiB for GNU tar),
 * with room to spare. More is refused rather than inflated and dropped (decision 0026).
 */
const MAX_TRAILING_BYTES = 1024 * 1024;

export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TarError";
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; together exactly `size` of them, or the archive is refused while written. */
  body(): AsyncIterable<Buffer>;
}

function writeText(block: Buffer, offset: number, length: number, text: string) {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > length) throw new TarError(`Name zu lang für das Archiv: ${text}`);
  bytes.copy(block, offset);
}

const octal = (value: number, digits: number) => `${value.toString(8).padStart(digits, "0")}\0`;

/** A name of up to 255 bytes splits at a slash into ustar's prefix (155) and name (100). */
function splitName(name: string): { prefix: string; rest: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", rest: name };
  for (let at = name.indexOf("/"); at !== -1; at = name.indexOf("/", at + 1)) {
    const prefix = name.slice(0, at);
    const rest = name.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, rest };
  }
  throw new TarError(`Name zu lang für das Archiv: ${name}`);
}

const checksumOf = (block: Buffer) => {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1)
    sum += index >= 148 && index < 156 ? 0x20 : (block[index] ?? 0);
  return sum;
};

export function tarHeader(name: string, size: number, modified: Date): Buffer {
  if (!Number.isInteger(size) || size < 0 || size > MAX_SIZE) throw new TarError(`Datei zu groß: ${name}`);
  const block = Buffer.alloc(BLOCK);
  const { prefix, rest } = splitName(name);
  writeText(block, 0, 100, rest);
  writeText(block, 100, 8, octal(0o644, 7));
  writeText(block, 108, 8, octal(0, 7));
  writeText(block, 116, 8, octal(0, 7));
  writeText(block, 124, 12, octal(size, 11));
  writeText(block, 136, 12, octal(Math.max(0, Math.floor(modified.getTime() / 1000)), 11));
  block[156] = "0".charCodeAt(0);
  writeText(block, 257, 6, "ustar\0");
  writeText(block, 263, 2, "00");
  writeText(block, 345, 155, prefix);
  writeText(block, 148, 8, `${checksumOf(block).toString(8).padStart(6, "0")}\0 `);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive's bytes (uncompressed), entry after entry, ending with the two empty blocks. */
export async function* tarStream(
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
): AsyncGenerator<Buffer> {
  const modified = new Date();
  for await (const entry of entries) {
    yield tarHeader(entry.name, entry.size, modified);
    let written = 0;
    for await (const chunk of entry.body()) {
      written += chunk.length;
      if (written > entry.size) break;
      yield chunk;
    }
    // A file that grew or shrank between its hash and its copy would leave the archive lying.
    if (written !== entry.size)
      throw new TarError(
        `${entry.name} hat sich während der Sicherung geändert (${written} statt ${entry.size} Bytes)`,
      );
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

export interface TarEntryHeader {
  name: string;
  size: number;
}

/** Where a read entry's bytes go; `end` after the last of them. */
export interface TarEntrySink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

const textAt = (block: Buffer, offset: number, length: number) => {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
};

function parseHeader(block: Buffer): TarEntryHeader {
  const stored = Number.parseInt(textAt(block, 148, 8).trim(), 8);
  if (stored !== checksumOf(block))
    throw new TarError("Das Archiv ist beschädigt (Prüfsumme eines Kopfes falsch).");
  if (textAt(block, 257, 6) !== "ustar") throw new TarError("Das Archiv ist kein ustar-Archiv.");
  const type = String.fromCharCode(block[156] ?? 0);
  const prefix = textAt(block, 345, 155);
  const name = prefix ? `${prefix}/${textAt(block, 0, 100)}` : textAt(block, 0, 100);
  if (type !== "0" && type !== "\0")
    throw new TarError(`Das Archiv enthält etwas anderes als Dateien (${JSON.stringify(name)}).`);
  const sizeText = textAt(block, 124, 12).trim();
  if (!/^[0-7]{1,11}$/.test(sizeText))
    throw new TarError(`Ungültige Größe im Archiv (${JSON.stringify(name)}).`);
  return { name, size: Number.parseInt(sizeText, 8) };
}

/**
 * Reads an uncompressed tar stream, asking `open` where each entry's bytes go. Throws on a damaged
 * header, anything but a regular file, an archive that ends before its end marker (cut off), or
 * more than a record's padding after it.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  open: (header: TarEntryHeader) => Promise<TarEntrySink>,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let entry: { sink: TarEntrySink; left: number; pad: number } | undefined;
  let ended = false;
  let trailing = 0;
  for await (const chunk of source) {
    if (ended) trailing += chunk.length;
    else pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (!ended) {
      if (entry) {
        if (entry.left > 0) {
          if (pending.length === 0) break;
          const part = pending.subarray(0, Math.min(entry.left, pending.length));
          pending = pending.subarray(part.length);
          entry.left -= part.length;
          await entry.sink.write(part);
          continue;
        }
        if (pending.length < entry.pad) break;
        pending = pending.subarray(entry.pad);
        const { sink } = entry;
        entry = undefined;
        await sink.end();
        continue;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        trailing = pending.length;
        break;
      }
      const header = parseHeader(block);
      entry = { sink: await open(header), left: header.size, pad: padding(header.size).length };
    }
    if (trailing > MAX_TRAILING_BYTES)
      throw new TarError("Das Archiv geht nach seinem Ende noch weiter (mehr als 1 MiB).");
  }
  if (!ended || entry) throw new TarError("Das Archiv ist unvollständig (abgeschnitten).");
}
