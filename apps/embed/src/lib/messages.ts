/** The frame → host page message that carries the frame's content height (embed.js reads it). */
export const HEIGHT_MESSAGE = 'spotlist:height';
