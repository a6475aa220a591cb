/**
 * The contract's GALLERY_FILES and SPONSOR_FILES (a test checks they agree): which files of the
 * centre's configuration record the home page lists. Copied so the home page needs no schema to ask.
 */
export const GALLERY_FILES = { parentName: 'CZConfig', parentId: 1, category: 'CzGallery' } as const
export const SPONSOR_FILES = { parentName: 'CZConfig', parentId: 1, category: 'CzSponsors' } as const
