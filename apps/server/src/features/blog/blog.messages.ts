import type { Messages } from '../../http/messages.ts'

/**
 * The Spanish of the messages this feature answers, by their English text (decision 026); the
 * error handler answers them in the request's language once app.ts adds them to the catalogue.
 */
export const blogMessages: Messages = {
  // The blog's list filters (packages/contract/src/blog.ts)
  'The filter on {column} has filterType "number" or "text".':
    'El filtro de {column} tiene filterType "number" o "text".',
  'TextBlockType is 0 (Posts), 1 (Testimonials) or 2 (Teams), by value or by name.':
    'TextBlockType es 0 (Posts), 1 (Testimonials) o 2 (Teams), por valor o por nombre.',

  // Posts
  'Post {id} was not found.': 'No hemos encontrado la entrada {id}.',
}
