import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { SLOW, SLOW_TIMEOUT_FACTOR } from "./slow-mode.ts";

/**
 * A real SMTP server for the browser tests and the drills (the `smtp-server` package) that keeps every message it
 * receives, parsed. It can be stopped and started again on the same port, to test that the site's
 * outbox delivers what waited while the mail server was down.
 */
export interface Mailbox {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first message that matches, waiting up to `timeoutMs`. */
  waitFor(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** On `port` when given (a drill starts it where the site already expects it), else any free one. */
export async function startMailbox({ port: wanted = 0 }: { port?: number } = {}): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  let port = wanted;
  let server: SMTPServer | undefined;

  async function start() {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            messages.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve());
    });
    const address = next.server.address();
    if (typeof address === "object" && address) port = address.port;
    server = next;
  }

  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(match, timeoutMs = 10_000 * (SLOW ? SLOW_TIMEOUT_FACTOR : 1)) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(
        `No matching e-mail within ${timeoutMs} ms; received: ${messages.map((m) => m.subject).join(" | ")}`,
      );
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    start,
  };
}
