// pdfmake 0.3's server build ships no types; this is the part PlanPiso uses (docs: pdfmake.github.io).
declare module 'pdfmake' {
  type OutputDocument = { getBuffer(): Promise<Buffer> };
  const pdfmake: {
    setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    createPdf(docDefinition: object, options?: object): OutputDocument;
  };
  export default pdfmake;
}
