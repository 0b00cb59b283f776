export { handleGalleryAction } from "./gallery-actions.server.ts";
export { addPicture, listGallery, loadPublicGallery } from "./gallery.server.ts";
