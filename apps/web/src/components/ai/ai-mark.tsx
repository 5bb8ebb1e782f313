/** The assistant's sparkle (the menu's AI icon) before its actions: drawn, not an emoji, so every device shows it. */
export function AiMark() {
  return (
    <svg className="ai-mark" viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <path
        d="M256 48l40 128 128 40-128 40-40 128-40-128-128-40 128-40zM416 336l16 48 48 16-48 16-16 48-16-48-48-16 48-16z"
        fill="currentColor"
      />
    </svg>
  );
}
