/** The lists' text limits without zod (contracts lists.ts has the schemas): the web app's list pages import these. */
export const LIST_NAME_MAX = 120;
export const LIST_DESCRIPTION_MAX = 2000;
export const LIST_NOTE_MAX = 2000;
