/** The analysis feature's public surface for the app: the analysis flow and the reference capture (admin). */
export { AnalysisFlow } from './components/analysis-flow';
export { ReferenceCapture } from './components/reference-capture';
