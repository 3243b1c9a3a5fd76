/** The files module's public entry: uploads other modules accept and the seeds' stored files. */
export { default as routes } from './routes.js';
export { acceptUpload } from './upload.js';
export { saveFile } from './repo.js';
