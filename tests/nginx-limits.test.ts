import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_PATH } from "../app/common/pictures/picture-upload.ts";
import { MiB, UPLOAD_BODY_LIMIT } from "../server/request-guards.ts";
import {
  freePort,
  mainConfig,
  nginxTestsRun,
  siteForTest,
  standInCertificates,
  startNginx,
  type RunningNginx,
} from "./support/nginx.ts";
import { root } from "./support/server-process.ts";

/**
 * Both nginx sites of deploy/nginx/ run for real (ports and certificates replaced) in front of a
 * stand-in for Tavola that counts what reaches it: nginx refuses a large body on an ordinary path
 * itself, passes a picture-sized one on the upload path, and answers 429 to an address asking too
 * often for the guests' reservation page, their links or the API — and only there.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tavola-nginx-limits-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Reached {
  method: string;
  url: string;
  bytes: number;
}

interface Answer {
  status: number;
  body: string;
}

function send(
  agent: https.Agent,
  url: string,
  { method = "GET", body }: { method?: string; body?: Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = https.request(
      url,
      {
        method,
        agent,
        headers: body ? { "content-type": "application/octet-stream", "content-length": body.length } : {},
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

describe.skipIf(!nginxTestsRun)("nginx's own limits", () => {
  for (const name of ["tavola-one-machine.conf", "tavola-instances.conf"]) {
    describe(name, () => {
      const reached: Reached[] = [];
      let standIn: http.Server | undefined;
      let nginx: RunningNginx | undefined;
      let site = "";
      const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 16 });

      beforeAll(async () => {
        standIn = http.createServer((request, response) => {
          let bytes = 0;
          request.on("data", (chunk: Buffer) => (bytes += chunk.length));
          request.on("end", () => {
            reached.push({ method: request.method ?? "", url: request.url ?? "", bytes });
            response.end(`angekommen: ${bytes}`);
          });
        });
        const appPort = await freePort();
        await new Promise<void>((resolve) => standIn?.listen(appPort, "127.0.0.1", resolve));
        const prefix = fs.mkdtempSync(path.join(scratch, "nginx-"));
        const ports = { http: await freePort(), https: await freePort() };
        const siteFile = path.join(prefix, name);
        fs.writeFileSync(
          siteFile,
          siteForTest(fs.readFileSync(path.join(root, "deploy/nginx", name), "utf8"), {
            certificate: standInCertificates(prefix),
            upstreams: {
              "127.0.0.1:3000": `127.0.0.1:${appPort}`,
              "app1:3000": `127.0.0.1:${appPort}`,
              "app2:3000": `127.0.0.1:${appPort}`,
            },
            listen: ports,
          }),
        );
        nginx = await startNginx(prefix, mainConfig(prefix, siteFile), ports.https);
        site = `https://127.0.0.1:${ports.https}`;
      });

      afterAll(async () => {
        agent.destroy();
        await nginx?.stop();
        await new Promise((resolve) => standIn?.close(resolve));
      });

      it("refuses a 2 MB body on an ordinary path itself (413), and passes a picture's to the upload path", async () => {
        const before = reached.length;
        const large = await send(agent, `${site}/login`, { method: "POST", body: Buffer.alloc(2 * MiB, 1) });
        expect(large.status).toBe(413);
        expect(reached.length).toBe(before);
        // Up to Tavola's own limit for a picture: nginx hands it on whole.
        const picture = await send(agent, `${site}${UPLOAD_PATH}?ziel=galerie`, {
          method: "POST",
          body: Buffer.alloc(UPLOAD_BODY_LIMIT, 1),
        });
        expect(picture).toEqual({ status: 200, body: `angekommen: ${UPLOAD_BODY_LIMIT}` });
        expect(reached.at(-1)).toEqual({
          method: "POST",
          url: `${UPLOAD_PATH}?ziel=galerie`,
          bytes: UPLOAD_BODY_LIMIT,
        });
        // Just under 1 MiB still reaches the app on any path (its own limit decides there).
        const form = await send(agent, `${site}/login`, {
          method: "POST",
          body: Buffer.alloc(MiB - 1024, 1),
        });
        expect(form.status).toBe(200);
      });

      it("answers 429 to an address asking too often for /reservieren, a guest link or the API, and only there", async () => {
        // Far more at once than the burst allows and than the rate refills in the seconds they take.
        const many = 80;
        for (const target of [
          "/reservieren",
          "/reservierung/abcdefghijklmnop",
          "/api/verfuegbarkeit?datum=x",
          // The app answers these spellings too (its routes ignore case and a final slash).
          "/RESERVIERUNG/abcdefghijklmnop",
          "/Reservieren/",
          "/API/verfuegbarkeit?datum=x",
        ]) {
          const before = reached.length;
          const answers = await Promise.all(
            Array.from({ length: many }, () => send(agent, `${site}${target}`)),
          );
          const statuses = answers.map((answer) => answer.status);
          expect(statuses, target).toContain(429);
          // The page and the links share one allowance: the page, asked first, got its burst through.
          if (target === "/reservieren") expect(statuses, target).toContain(200);
          expect(
            statuses.every((status) => status === 200 || status === 429),
            target,
          ).toBe(true);
          // Refused ones never reach the app.
          expect(reached.length - before, target).toBe(statuses.filter((status) => status === 200).length);
        }
        const pages = await Promise.all(
          Array.from({ length: many }, () => send(agent, `${site}/speisekarte`)),
        );
        expect(pages.map((answer) => answer.status)).toEqual(Array.from({ length: many }, () => 200));
      });
    });
  }
});
