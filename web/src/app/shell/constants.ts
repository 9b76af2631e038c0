/** id of the <main> region, the target of the skip link. */
export const mainContentId = 'main-content';
