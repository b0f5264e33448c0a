/** One design, sized once: its inputs and every figure it has. */
export * from "./inputs";
export * from "./size-design";
export * from "./presets";
