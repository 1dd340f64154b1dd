// simple-peer's own browser bundle: it carries the Node shims (buffer, streams) the source needs.
declare module 'simple-peer/simplepeer.min.js' {
  import SimplePeer from 'simple-peer';
  export default SimplePeer;
}
