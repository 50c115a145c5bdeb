import { z } from "zod";

// zod probes `new Function("")` to speed up object parsing; our CSP has no 'unsafe-eval', so in
// the browser every probe is a reported violation. Parsing without it is fast enough for us.
// Every module takes `z` from here (biome.json forbids importing "zod" elsewhere), so the
// setting is in force before any schema parses, on whichever page loads first.
z.config({ jitless: true });

export { z };
