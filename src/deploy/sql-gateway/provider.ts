/**
 * The SqlGatewayJob dynamic provider (`pulumi.dynamic.ResourceProvider`).
 *
 * Pulumi serializes a dynamic provider with everything its methods capture (function
 * serialization, `@pulumi/pulumi` runtime/closure): the methods here only delegate to the
 * captured modules `impl` (./provider-impl.js) and `inputs` (./input-checks.js, `check`). When
 * the package is installed under node_modules the serializer emits a `require` of each module
 * instead of copying it; in this repository it copies them by value, which is why they import no
 * @pulumi/pulumi. For the same reason the bundle dist/index.js does not inline this file
 * (tools/bundle.cjs): resource.ts requires it, and so the modules it captures, from tsc's files
 * when a job uses the gateway.
 * Dynamic providers cannot log, so warnings go to the `warnings` output.
 */
import type * as pulumi from "@pulumi/pulumi";
import * as inputs from "./input-checks.js";
import * as impl from "./provider-impl.js";

/** The provider instance SqlGatewayJob registers (pure delegation to provider-impl). */
export const sqlGatewayProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return inputs.check(news);
  },
  async diff(_id, olds, news) {
    return impl.diff(olds, news);
  },
  async create(inputs) {
    return impl.create(inputs);
  },
  async update(_id, olds, news) {
    return impl.update(olds, news);
  },
  async delete(_id, props) {
    await impl.remove(props);
  },
  async read(id, props) {
    return impl.read(id, props);
  },
};
