export { handleContentAction } from "./content-actions.server.ts";
export {
  contentPictureUses,
  forgetContentPicture,
  hoursAndContactOf,
  readContentBlocks,
  readHoursAndContact,
} from "./content.server.ts";
