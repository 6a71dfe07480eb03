/** An id short enough for a table cell: its first eight characters ("3f2a9c1e"); the whole id goes in a `title`. */
export const shortId = (id: string): string => (id.length > 8 ? id.slice(0, 8) : id);
