"""An independent reader of exported workbooks (Debian's python3-openpyxl): prints as JSON what
the tests compare — each sheet's state, protection (and what it still allows) and merges, its data
validations, every non-empty cell with its value (formulas as their text), number format and
locked flag, the locked flag of cells asked for by `--cells Sheet!A1,…`, the workbook's defined
names with their destinations, and the cached formula results."""
import json
import sys

import openpyxl


def defined_names(wb):
    names = wb.defined_names
    # openpyxl 3.0 keeps a list (definedName), 3.1 a dict by name.
    items = names.definedName if hasattr(names, "definedName") else list(names.values())
    out = {}
    for dn in items:
        if dn.localSheetId is not None:
            continue
        # openpyxl leaves a quoted sheet name's doubled apostrophes ('O''Brien'!$A$1) doubled.
        out[dn.name] = [[sheet.replace("''", "'"), coord] for sheet, coord in dn.destinations]
    return out


def main(path, asked):
    wb = openpyxl.load_workbook(path)
    out = {"sheets": [], "names": defined_names(wb), "locked": {}}
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
        p = ws.protection
        out["sheets"].append({
            "name": ws.title,
            "state": ws.sheet_state,
            "protected": bool(p.sheet),
            # openpyxl's flags say what the protection forbids: False = the user may.
            "protection": {"password": bool(p.password), "formatColumns": bool(p.formatColumns), "formatRows": bool(p.formatRows), "insertRows": bool(p.insertRows), "deleteRows": bool(p.deleteRows), "selectLockedCells": bool(p.selectLockedCells), "selectUnlockedCells": bool(p.selectUnlockedCells)},
            "merges": sorted(str(r) for r in ws.merged_cells.ranges),
            "validations": [{
                "type": dv.type, "operator": dv.operator, "formula": dv.formula1, "formula2": dv.formula2, "sqref": str(dv.sqref),
                "allowBlank": bool(dv.allow_blank), "errorStyle": dv.errorStyle, "showErrorMessage": bool(dv.showErrorMessage),
                "errorTitle": dv.errorTitle, "error": dv.error, "showInputMessage": bool(dv.showInputMessage), "prompt": dv.prompt,
            } for dv in ws.data_validations.dataValidation],
            "cells": cells,
        })
    for ref in asked:
        sheet, coord = ref.rsplit("!", 1)
        out["locked"][ref] = bool(wb[sheet][coord].protection.locked)
    # Cached formula results: the same file read with data_only.
    values = openpyxl.load_workbook(path, data_only=True)
    out["cached"] = {ws.title: {c.coordinate: (c.value if isinstance(c.value, (str, int, float, bool)) or c.value is None else str(c.value)) for row in ws.iter_rows() for c in row if c.value is not None} for ws in values.worksheets}
    json.dump(out, sys.stdout)


args = sys.argv[1:]
asked = []
if len(args) >= 3 and args[1] == "--cells":
    asked = [a for a in args[2].split(",") if a]
main(args[0], asked)
