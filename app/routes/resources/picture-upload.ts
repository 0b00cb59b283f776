import { staffAccessOf } from "../../features/auth/index.server.ts";
import { incomingDirOf, receivePictureUpload } from "../../common/pictures/upload.server.ts";
import { addPicture } from "../../features/gallery/index.server.ts";
import { services } from "../../common/app-context.ts";
import { isUploadTarget, uploadMessages, type UploadAnswer } from "../../common/pictures/picture-upload.ts";
import type { Route } from "./+types/picture-upload";

const answer = (status: number, body: UploadAnswer) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * POST /admin/bilder/hochladen?ziel=galerie|gericht|hero|inhalt: one picture as the request body
 * (app/common/pictures/picture-upload.ts). Staff only — checked here by the admin screens' guard, and by the
 * server before it allows the upload's larger body (server/request-guards.ts); the origin check has
 * already run. An account held on Mein Konto (decision 0027) uploads nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const access = await staffAccessOf(request, context);
  if ("refused" in access)
    return access.refused === "signed-out"
      ? answer(401, { ok: false, title: uploadMessages.failedTitle, message: uploadMessages.signedOut })
      : answer(403, { ok: false, title: uploadMessages.failedTitle, message: uploadMessages.accountFirst });
  const staff = access.granted;
  const target = new URL(request.url).searchParams.get("ziel");
  if (request.method !== "POST" || !isUploadTarget(target))
    return answer(400, { ok: false, title: uploadMessages.failedTitle, message: uploadMessages.failed });
  const { database, pictures, config, logger } = services(context);
  const result = await receivePictureUpload(request, target, {
    storage: pictures,
    incomingDir: incomingDirOf(config.dataDir),
    logger,
    username: staff.username,
    addToGallery: (picture) => addPicture(database.db, picture),
  });
  return answer(result.status, result.answer);
}

/** Nothing to read here: a GET is not found. */
export function loader() {
  return new Response("Nicht gefunden", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
