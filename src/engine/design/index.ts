/** One design, sized once (issue 15): its inputs and every figure it has. */
export * from "./inputs";
export * from "./size-design";
export * from "./presets";
