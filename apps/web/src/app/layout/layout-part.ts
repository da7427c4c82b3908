// Which part of the page a render makes. The browser always renders the whole page. The server renders
// the layout of a landing page once ('frame', with PAGE_SLOT where the page goes), then only the page
// inside it ('page'), and puts the two together (entry-server.tsx): the layout is most of a render's
// cost and the same on every posting, every search, every home page a visitor who is not logged in
// gets.
import { createContext } from 'react';

export type LayoutPart = 'whole' | 'frame' | 'page';

export const LayoutPartContext = createContext<LayoutPart>('whole');

/** What stands where the page goes in a frame; no page renders it. */
export const PAGE_SLOT = 'data-page-slot';
