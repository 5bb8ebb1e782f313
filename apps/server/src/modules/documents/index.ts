export { documentRoutes } from './documents.routes.ts';
export { deleteEntityDocuments, documentKeysOf, documentsOf, fileUrl, thumbUrl } from './documents.service.ts';
export { placePictureRefs } from './pictures.service.ts';
export { deleteKeys, storageFromConfig, type FileStorage } from './storage.ts';
