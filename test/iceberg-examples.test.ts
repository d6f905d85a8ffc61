/**
 * The worked examples A–I of shared/facts/iceberg-flink.md §5.4: Flink column lists (DDL text,
 * parsed with parseDataType) → the exact Iceberg schema JSON Iceberg stores when it creates the table.
 * JSON is compared as parsed objects (key order has no meaning).
 */
import { expect } from "chai";
import { assignFreshIds, collectFieldIds, convertColumns, lastColumnId, toIcebergPartitionSpec, toIcebergSchema, type Column } from "../src/iceberg/index.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

/** Splits a DDL column list (`` `a` INT NOT NULL COMMENT 'x', ... ``) at top-level commas into columns. */
function ddlColumns(ddl: string): Column[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let current = "";
  for (const ch of ddl) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === "`") quote = ch;
    else if (ch === "<" || ch === "(") depth += 1;
    else if (ch === ">" || ch === ")") depth -= 1;
    else if (ch === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  parts.push(current.trim());
  return parts.map((part) => {
    const m = /^(?:`((?:[^`]|``)+)`|(\w+))\s+([\s\S]+?)(?:\s+COMMENT\s+'((?:[^']|'')*)')?$/i.exec(part);
    if (m === null) throw new Error(`cannot split column ${part}`);
    const name = m[1] !== undefined ? m[1].replace(/``/g, "`") : m[2]!;
    const column: Column = { name, type: m[3]! };
    if (m[4] !== undefined) column.comment = m[4].replace(/''/g, "'");
    return column;
  });
}

/** Converts, then checks the ids against an independent renumbering (Iceberg's AssignFreshIds order). */
function schemaOf(ddl: string, primaryKey?: string[]): ReturnType<typeof toIcebergSchema> {
  const schema = toIcebergSchema(ddlColumns(ddl), primaryKey === undefined ? {} : { primaryKey });
  expect(assignFreshIds(schema.fields)).to.deep.equal(schema.fields);
  const ids = collectFieldIds(schema.fields);
  expect(ids).to.deep.equal(ids.map((_, i) => i + 1));
  return schema;
}

describe("iceberg: worked examples A–I (facts §5.4)", () => {
  it("A. testConvertFlinkSchemaToIcebergSchema (last-column-id 30)", () => {
    const ddl = `\`id\` INT NOT NULL, \`name\` STRING, \`salary\` DOUBLE NOT NULL,
      \`locations\` MAP<STRING, ROW<\`posX\` DOUBLE NOT NULL 'X field', \`posY\` DOUBLE NOT NULL 'Y field'>>,
      \`strArray\` ARRAY<STRING>, \`intArray\` ARRAY<INT>, \`char\` CHAR(10) NOT NULL, \`varchar\` VARCHAR(10) NOT NULL,
      \`boolean\` BOOLEAN, \`tinyint\` TINYINT, \`smallint\` SMALLINT, \`bigint\` BIGINT, \`varbinary\` VARBINARY(10),
      \`binary\` BINARY(10), \`time\` TIME, \`timestampWithoutZone\` TIMESTAMP, \`timestampWithZone\` TIMESTAMP_LTZ,
      \`date\` DATE, \`decimal\` DECIMAL(2, 2), \`decimal2\` DECIMAL(38, 2), \`decimal3\` DECIMAL(10, 1),
      \`multiset\` MULTISET<STRING NOT NULL>`;
    const expected = JSON.parse(`{"type":"struct","schema-id":0,"fields":[
 {"id":1,"name":"id","required":true,"type":"int"},
 {"id":2,"name":"name","required":false,"type":"string"},
 {"id":3,"name":"salary","required":true,"type":"double"},
 {"id":4,"name":"locations","required":false,"type":{"type":"map","key-id":23,"key":"string","value-id":24,"value":{"type":"struct","fields":[{"id":25,"name":"posX","required":true,"type":"double","doc":"X field"},{"id":26,"name":"posY","required":true,"type":"double","doc":"Y field"}]},"value-required":false}},
 {"id":5,"name":"strArray","required":false,"type":{"type":"list","element-id":27,"element":"string","element-required":false}},
 {"id":6,"name":"intArray","required":false,"type":{"type":"list","element-id":28,"element":"int","element-required":false}},
 {"id":7,"name":"char","required":true,"type":"string"},
 {"id":8,"name":"varchar","required":true,"type":"string"},
 {"id":9,"name":"boolean","required":false,"type":"boolean"},
 {"id":10,"name":"tinyint","required":false,"type":"int"},
 {"id":11,"name":"smallint","required":false,"type":"int"},
 {"id":12,"name":"bigint","required":false,"type":"long"},
 {"id":13,"name":"varbinary","required":false,"type":"binary"},
 {"id":14,"name":"binary","required":false,"type":"fixed[10]"},
 {"id":15,"name":"time","required":false,"type":"time"},
 {"id":16,"name":"timestampWithoutZone","required":false,"type":"timestamp"},
 {"id":17,"name":"timestampWithZone","required":false,"type":"timestamptz"},
 {"id":18,"name":"date","required":false,"type":"date"},
 {"id":19,"name":"decimal","required":false,"type":"decimal(2, 2)"},
 {"id":20,"name":"decimal2","required":false,"type":"decimal(38, 2)"},
 {"id":21,"name":"decimal3","required":false,"type":"decimal(10, 1)"},
 {"id":22,"name":"multiset","required":false,"type":{"type":"map","key-id":29,"key":"string","value-id":30,"value":"int","value-required":true}}
]}`);
    const schema = schemaOf(ddl);
    expect(schema).to.deep.equal(expected);
    expect(lastColumnId(schema)).to.equal(30);
  });

  it("B. testMapField (last-column-id 17): key-id and value-id come before the key's own nested ids", () => {
    const ddl = `\`map_int_long\` MAP<INT, BIGINT> NOT NULL,
      \`map_int_array_string\` MAP<ARRAY<INT>, STRING>,
      \`map_decimal_string\` MAP<DECIMAL(10, 2), STRING>,
      \`map_fields_fields\` MAP<ROW<\`field_int\` INT 'doc - int', \`field_string\` STRING 'doc - string'> NOT NULL,
                              ROW<\`field_array\` ARRAY<STRING> 'doc - array'> NOT NULL> NOT NULL`;
    const expected = JSON.parse(`{"type":"struct","schema-id":0,"fields":[
 {"id":1,"name":"map_int_long","required":true,"type":{"type":"map","key-id":5,"key":"int","value-id":6,"value":"long","value-required":false}},
 {"id":2,"name":"map_int_array_string","required":false,"type":{"type":"map","key-id":7,"key":{"type":"list","element-id":9,"element":"int","element-required":false},"value-id":8,"value":"string","value-required":false}},
 {"id":3,"name":"map_decimal_string","required":false,"type":{"type":"map","key-id":10,"key":"decimal(10, 2)","value-id":11,"value":"string","value-required":false}},
 {"id":4,"name":"map_fields_fields","required":true,"type":{"type":"map","key-id":12,"key":{"type":"struct","fields":[{"id":14,"name":"field_int","required":false,"type":"int","doc":"doc - int"},{"id":15,"name":"field_string","required":false,"type":"string","doc":"doc - string"}]},"value-id":13,"value":{"type":"struct","fields":[{"id":16,"name":"field_array","required":false,"type":{"type":"list","element-id":17,"element":"string","element-required":false},"doc":"doc - array"}]},"value-required":true}}
]}`);
    const schema = schemaOf(ddl);
    expect(schema).to.deep.equal(expected);
    expect(lastColumnId(schema)).to.equal(17);
  });

  it("C. testStructField (last-column-id 12)", () => {
    const ddl = `\`struct_int_string_decimal\` ROW<\`field_int\` INT, \`field_string\` STRING, \`field_decimal\` DECIMAL(19, 2),
        \`field_struct\` ROW<\`inner_struct_int\` INT, \`inner_struct_float_array\` ARRAY<FLOAT>> NOT NULL> NOT NULL,
      \`struct_map_int_int\` ROW<\`field_map\` MAP<INT, INT>>`;
    const expected = JSON.parse(`{"type":"struct","schema-id":0,"fields":[
 {"id":1,"name":"struct_int_string_decimal","required":true,"type":{"type":"struct","fields":[{"id":3,"name":"field_int","required":false,"type":"int"},{"id":4,"name":"field_string","required":false,"type":"string"},{"id":5,"name":"field_decimal","required":false,"type":"decimal(19, 2)"},{"id":6,"name":"field_struct","required":true,"type":{"type":"struct","fields":[{"id":7,"name":"inner_struct_int","required":false,"type":"int"},{"id":8,"name":"inner_struct_float_array","required":false,"type":{"type":"list","element-id":9,"element":"float","element-required":false}}]}}]}},
 {"id":2,"name":"struct_map_int_int","required":false,"type":{"type":"struct","fields":[{"id":10,"name":"field_map","required":false,"type":{"type":"map","key-id":11,"key":"int","value-id":12,"value":"int","value-required":false}}]}}
]}`);
    const schema = schemaOf(ddl);
    expect(schema).to.deep.equal(expected);
    expect(lastColumnId(schema)).to.equal(12);
  });

  it("D. testListField (last-column-id 12)", () => {
    const ddl = `\`list_struct_fields\` ARRAY<ROW<\`field_int\` INT>> NOT NULL,
      \`list_optional_struct_fields\` ARRAY<ROW<\`field_timestamp_with_local_time_zone\` TIMESTAMP_LTZ>>,
      \`list_map_fields\` ARRAY<MAP<ARRAY<INT NOT NULL>, ROW<\`field_0\` INT 'doc - int'>> NOT NULL> NOT NULL`;
    const expected = JSON.parse(`{"type":"struct","schema-id":0,"fields":[
 {"id":1,"name":"list_struct_fields","required":true,"type":{"type":"list","element-id":4,"element":{"type":"struct","fields":[{"id":5,"name":"field_int","required":false,"type":"int"}]},"element-required":false}},
 {"id":2,"name":"list_optional_struct_fields","required":false,"type":{"type":"list","element-id":6,"element":{"type":"struct","fields":[{"id":7,"name":"field_timestamp_with_local_time_zone","required":false,"type":"timestamptz"}]},"element-required":false}},
 {"id":3,"name":"list_map_fields","required":true,"type":{"type":"list","element-id":8,"element":{"type":"map","key-id":9,"key":{"type":"list","element-id":11,"element":"int","element-required":true},"value-id":10,"value":{"type":"struct","fields":[{"id":12,"name":"field_0","required":false,"type":"int","doc":"doc - int"}]},"value-required":false},"element-required":true}}
]}`);
    const schema = schemaOf(ddl);
    expect(schema).to.deep.equal(expected);
    expect(lastColumnId(schema)).to.equal(12);
  });

  it("E. testCreateTableWithMultiColumnsInPrimaryKey: PRIMARY KEY(data, id) makes both required", () => {
    const expected = JSON.parse(`{"type":"struct","schema-id":0,"identifier-field-ids":[1,2],"fields":[
 {"id":1,"name":"id","required":true,"type":"long"},
 {"id":2,"name":"data","required":true,"type":"string"}]}`);
    expect(schemaOf("id BIGINT, data STRING", ["data", "id"])).to.deep.equal(expected);
    const converted = convertColumns(ddlColumns("id BIGINT, data STRING"), { primaryKey: ["data", "id"] }, new Diagnostics());
    expect(converted?.columns.map((c) => [c.name, c.type.toString()])).to.deep.equal([
      ["id", "BIGINT NOT NULL"],
      ["data", "STRING NOT NULL"],
    ]);
  });

  it("F. testCreateTableWithPrimaryKey: only the key column becomes required", () => {
    const expected = JSON.parse(`{"type":"struct","schema-id":0,"identifier-field-ids":[3],"fields":[
 {"id":1,"name":"id","required":false,"type":"long"},
 {"id":2,"name":"data","required":false,"type":"string"},
 {"id":3,"name":"key","required":true,"type":"string"}]}`);
    expect(schemaOf("id BIGINT, data STRING, key STRING", ["key"])).to.deep.equal(expected);
  });

  it("G. testCreatePartitionTable: PARTITIONED BY(dt) → identity partition field 1000 on source 2", () => {
    const schema = schemaOf("id BIGINT, dt STRING");
    expect(schema).to.deep.equal(
      JSON.parse(`{"type":"struct","schema-id":0,"fields":[
 {"id":1,"name":"id","required":false,"type":"long"},
 {"id":2,"name":"dt","required":false,"type":"string"}]}`),
    );
    expect(toIcebergPartitionSpec(schema, ["dt"])).to.deep.equal(
      JSON.parse(`{"spec-id":0,"fields":[{"name":"dt","transform":"identity","source-id":2,"field-id":1000}]}`),
    );
  });

  it("H. testCreateTableWithColumnComment: COMMENT → doc", () => {
    expect(schemaOf("id BIGINT COMMENT 'comment - id', data STRING COMMENT 'comment - data'").fields).to.deep.equal(
      JSON.parse(`[{"id":1,"name":"id","required":false,"type":"long","doc":"comment - id"},{"id":2,"name":"data","required":false,"type":"string","doc":"comment - data"}]`),
    );
  });

  it("H. testAlterTableModifyColumnNullability: INTEGER NOT NULL → required int", () => {
    expect(schemaOf("id INTEGER NOT NULL, dt STRING").fields).to.deep.equal(
      JSON.parse(`[{"id":1,"name":"id","required":true,"type":"int"},{"id":2,"name":"dt","required":false,"type":"string"}]`),
    );
  });

  it("I. flink-ddl.md PRIMARY KEY example: comment kept on the key column", () => {
    const expected = JSON.parse(`{"type":"struct","schema-id":0,"identifier-field-ids":[1],"fields":[
 {"id":1,"name":"id","required":true,"type":"long","doc":"unique id"},
 {"id":2,"name":"data","required":true,"type":"string"}]}`);
    expect(schemaOf("id BIGINT COMMENT 'unique id', data STRING NOT NULL", ["id"])).to.deep.equal(expected);
  });
});
