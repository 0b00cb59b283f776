export {
  erasureFile,
  parseErasureFile,
  readErasures,
  reapplyErasures,
  type Erasure,
} from "./erasures.server.ts";
export { guestDataDownload, handleGuestDataAction } from "./guest-data.server.ts";
