/**
 * Reads the `.cpuprofile` files `node --cpu-prof` wrote into a folder (one per process) and prints
 * where the time went: the functions with the most self time, and the same time grouped by package,
 * over every profile together.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (or Kib's own folder, or node's internals) a script URL belongs to. */
function ownerOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url);
  }
  const kib = /\/(tool-provider|packages\/\w+)\/src\//.exec(url);
  return kib ? `kib ${kib[1]}` : url;
}

/** Prints the `count` functions with the most self time, and the time per package. */
export async function topFrames(dir: string, count: number): Promise<void> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  const byFrame = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as Profile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      const micros = profile.timeDeltas[i] ?? 0;
      if (!node || node.callFrame.functionName === '(idle)') return;
      const { functionName, url, lineNumber } = node.callFrame;
      const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
      const frame = `${functionName || '(anonymous)'} ${where} [${ownerOf(url)}]`;
      byFrame.set(frame, (byFrame.get(frame) ?? 0) + micros);
      byOwner.set(ownerOf(url), (byOwner.get(ownerOf(url)) ?? 0) + micros);
      total += micros;
    });
  }
  const pct = (micros: number) => `${((100 * micros) / (total || 1)).toFixed(1).padStart(5)} %`;
  console.log(`\nCPU profile (${files.length} processes, ${(total / 1e6).toFixed(1)} s busy): top self time`);
  for (const [frame, micros] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`  ${pct(micros)}  ${frame}`);
  console.log('\nself time by package:');
  for (const [owner, micros] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${pct(micros)}  ${owner}`);
}

const [dir, count] = process.argv.slice(2);
if (dir && import.meta.url === `file://${path.resolve(process.argv[1] ?? '')}`)
  await topFrames(path.resolve(dir), Number(count ?? 25));
