// expect: import_conflict/main.ts:2:1: error: import 'Shown' conflicts with another name in this file
import { Shown } from "./lib";
export type Shown = number;
