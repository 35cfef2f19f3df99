/** Where the API tells clients to fetch a content-addressed blob (served by media.routes.ts). */
export const mediaUrl = (cid: string): string => `/ipfs/${cid}`;
