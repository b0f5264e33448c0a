import * as fs from "fs";
import { runDesign } from "../src/cli/design";
import { printXlsxToPdf } from "./support/libreoffice";
test("look", async () => {
  const out = { stdout: (l: string) => console.log(l), stderr: (l: string) => console.error(l) };
  const file = process.env.LOOK_OUT ?? "/tmp/look/copy.xlsx";
  if (fs.existsSync(file)) fs.unlinkSync(file);
  await runDesign([...(process.env.LOOK_ARGS ?? "--customer").split(" ").filter(Boolean), "--out", file], out);
  fs.writeFileSync(file.replace(/\.xlsx$/, ".pdf"), await printXlsxToPdf(file));
}, 180000);
