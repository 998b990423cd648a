// The part of jStat (which ships no types) that the experiment statistics use.
declare module 'jstat' {
  interface Distribution {
    cdf(x: number, ...params: number[]): number;
    inv(p: number, ...params: number[]): number;
  }
  const jStat: {
    normal: Distribution;
    studentt: Distribution;
    chisquare: Distribution;
    betaln(a: number, b: number): number;
  };
  export default jStat;
}
