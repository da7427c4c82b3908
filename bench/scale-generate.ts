// Generates one dataset of the scale benchmark in a process of its own (bench/scale-dataset.ts starts
// it), so the benchmark can report progress while the generator holds its thread for minutes:
//
//   node --import tsx bench/scale-generate.ts <database file> <info file> <jobs> <resumes>
//
// The info file (what generateDataset answers, which the load keys are drawn from) is written last:
// a dataset without it was not finished.
import fs from 'node:fs';
import { generateDataset } from './dataset.js';

const [file, infoFile, jobs, resumes] = process.argv.slice(2);
if (!file || !infoFile || !jobs || !resumes) {
  process.stderr.write(
    'usage: node --import tsx bench/scale-generate.ts <database file> <info file> <jobs> <resumes>\n',
  );
  process.exit(2);
}
const started = Date.now();
const info = await generateDataset(file, Number(jobs), Number(resumes));
const kept = { info, generatedAt: started, generateSeconds: (Date.now() - started) / 1000 };
fs.writeFileSync(infoFile, JSON.stringify(kept));
