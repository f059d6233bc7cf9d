import { afterAll, describe, expect, inject, it } from 'vitest';
import { ExampleProject } from './exampleProject.ts';
import { readmeCommand, sampleMismatch, sampleOutput } from './readme.ts';
import { cheapestH100, exampleKey, h100s, simulatorEnv } from './simulator.ts';

const projects: ExampleProject[] = [];
afterAll(async () => {
  await Promise.all(projects.map((project) => project.remove()));
});

/** Installs, builds and runs a script example as its README says, and returns what `npm start` printed. */
async function runScript(name: string, env: Record<string, string>): Promise<string> {
  const project = new ExampleProject(name, inject('registryUrl'));
  projects.push(project);
  await project.install();
  await project.run(readmeCommand(name, /^npm run build$/), { timeoutMs: 3 * 60_000 });
  const { stdout } = await project.run(readmeCommand(name, /^npm start$/), { env, timeoutMs: 60_000 });
  // npm's own lines (`> name@0.0.0 start`, the command) come before the script's.
  return stdout.replace(/^\n?> [^\n]*\n> [^\n]*\n\n/, '');
}

describe('examples/node-esm', () => {
  it('prints the cheapest H100 with its price, usage charges and a streamed reply, as its README shows', async () => {
    const output = await runScript('node-esm', simulatorEnv(exampleKey('node-esm')));
    const cheapest = await cheapestH100();
    expect(output).toContain(
      `cheapest H100: ${cheapest.id} at $${cheapest.hourly_rate} an hour in ${cheapest.region} (req_`,
    );
    expect(output.match(/^usage .*: -\d/gm)).toHaveLength(3);
    expect(output).toMatch(/^chat: Simulated reply to "Which GPU should I rent for fine-tuning\?": \S/m);
    expect(sampleMismatch(sampleOutput('node-esm'), output)).toBeUndefined();
  });
});

describe('examples/node-cjs', () => {
  it('loads the CommonJS build with require and prints the cheapest H100 of a region, a refusal and embeddings', async () => {
    const output = await runScript('node-cjs', simulatorEnv(exampleKey('node-cjs')));
    const [cheapest] = (await h100s()).filter((type) => type.region === 'us-east-1');
    expect(output).toContain(
      `cheapest H100 in us-east-1: ${cheapest?.id} at $${cheapest?.hourly_rate} an hour`,
    );
    expect(output).toContain('size_gb: must be at least 10 (got 5)');
    expect(output).toContain('embeddings: 2 vectors of 64 values');
    expect(sampleMismatch(sampleOutput('node-cjs'), output)).toBeUndefined();
  });
});
