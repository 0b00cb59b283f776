export { handleContentAction } from "./content-actions.server.ts";
export {
  contentPictureUses,
  forgetContentPicture,
  readContentBlocks,
  readHoursAndContact,
} from "./content.server.ts";
