"""An independent reader of exported workbooks (Debian's python3-openpyxl): prints as JSON what
the test compares — each sheet's state, protection and merges, its list validations, and every
non-empty cell with its value (formulas as their text), number format and locked flag."""
import json
import sys

import openpyxl


def main(path):
    wb = openpyxl.load_workbook(path)
    out = {"sheets": []}
    for ws in wb.worksheets:
        cells = {}
        for row in ws.iter_rows():
            for c in row:
                if c.value is None:
                    continue
                v = c.value
                if not isinstance(v, (str, int, float, bool)):
                    v = str(v)
                cells[c.coordinate] = {"value": v, "type": c.data_type, "format": c.number_format, "locked": bool(c.protection.locked)}
        out["sheets"].append({
            "name": ws.title,
            "state": ws.sheet_state,
            "protected": bool(ws.protection.sheet),
            "merges": sorted(str(r) for r in ws.merged_cells.ranges),
            "validations": [{"type": dv.type, "formula": dv.formula1, "sqref": str(dv.sqref)} for dv in ws.data_validations.dataValidation],
            "cells": cells,
        })
    # Cached formula results: the same file read with data_only.
    values = openpyxl.load_workbook(path, data_only=True)
    out["cached"] = {ws.title: {c.coordinate: (c.value if isinstance(c.value, (str, int, float, bool)) or c.value is None else str(c.value)) for row in ws.iter_rows() for c in row if c.value is not None} for ws in values.worksheets}
    json.dump(out, sys.stdout)


main(sys.argv[1])
