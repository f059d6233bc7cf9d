// biome-ignore-all lint/suspicious/noControlCharactersInRegex: control characters are what this module neutralises

/**
 * C0 controls but tab and line feed, DEL, C1 (0x9b is a one-byte CSI to many terminals), and the bidirectional
 * overrides and isolates that make a line read other than it is: shown as `\u{..}`, never sent to a terminal. A
 * carriage return too, which would let the rest of a line overwrite its beginning.
 */
const unsafeCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * GitHub Actions runs any line of a step's output whose first characters after white space are `::` as a workflow
 * command (`::error ...`, `::add-mask::`, `::stop-commands::<token>`, after which it ignores ours), and the old
 * `##[command]` form anywhere in a line.
 */
const workflowCommand = /^(\s*):(?=:)/gm;
const oldWorkflowCommand = /##\[/g;

/**
 * Text that came from a target (an answer's body, a header, an error message), made safe for a terminal or a CI log,
 * which every reporter of the command writes through: no escape sequence or other control character reaches the
 * terminal (each is shown as `\u{1b}`), and no line can be read as a workflow command (`::error` becomes `: :error`,
 * `##[` becomes `# #[`). Readable text without those is returned as it is. Line feeds and tabs are kept: reports
 * quote multi-line bodies.
 */
export function logSafe(text: string): string {
  return text
    .replace(unsafeCharacters, (char) => `\\u{${char.charCodeAt(0).toString(16)}}`)
    .replace(workflowCommand, '$1: ')
    .replace(oldWorkflowCommand, '# #[');
}
