/* Placeholder taskpane entry; the taskpane is built under issue 3. */
export {};
