/** What a typical app does with the client: create it, call one method. */
export function typicalEntry(entry: string): string {
  return `import { createClient } from '${entry}';
const client = createClient({ apiKey: 'ii_live_x', baseUrl: 'https://api.example.test/v1' });
client.embeddings.create({ model: 'm', input: 'hello' }).then(console.log);`;
}
