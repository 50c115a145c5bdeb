import { type SampleOptions, sample } from "./load.ts";

/**
 * One process of the node:http fallback generator (./generator.ts): reads its options as JSON
 * on stdin, loads, prints its raw samples as JSON on stdout for the parent to merge.
 */
let input = "";
for await (const chunk of process.stdin) input += chunk;
const result = await sample(JSON.parse(input) as SampleOptions);
process.stdout.write(JSON.stringify(result));
