/**
 * onnxruntime sessions for the PaddleOCR models, created here (not through @gutenye/ocr-node) so the
 * threading and graph optimisation can be set: on the 2-core target both cores work on each run
 * (intra-op), runs are issued one at a time (inter-op 1), and the graph is fully fused.
 *
 * onnxruntime-node's postinstall (which would fetch CUDA from outside the registry) is denied in the
 * root package.json's allowScripts: its CPU binary ships inside the package.
 */
import { availableParallelism } from 'node:os';
import { InferenceSession } from 'onnxruntime-node';

export { Tensor, type InferenceSession } from 'onnxruntime-node';

/** Every core of the 2-core target; more threads than cores only adds contention. */
const INTRA_OP_THREADS = Math.max(1, Math.min(4, availableParallelism()));

export function createSession(modelPath: string): Promise<InferenceSession> {
  return InferenceSession.create(modelPath, {
    intraOpNumThreads: INTRA_OP_THREADS,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // input shapes change with every photo (image size, line widths): a memory plan cached per
    // shape is rarely reused and costs time on every new shape
    enableMemPattern: false,
    // idle worker threads sleep instead of spinning: the cores are shared with the object detector
    // (run concurrently in scene modes), the web server and the database, and spinning threads
    // measurably slowed every run on a busy 2-core machine
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  });
}
